// Drives a fastapply server with Morph's JavaScript SDK (@morphllm/morphsdk) as a Morph user would.
//
//   node client.mjs <sdk-dir>  < {"url": "http://127.0.0.1:PORT", "calls": [{"op": ..., ...}, ...]}
//
// <sdk-dir> holds node_modules/@morphllm/morphsdk (make sdk-node installs it into .cache/node-sdk).
// Prints one JSON array: the result of each call, in order. Calls:
//   applyEdit        the SDK's applyEdit(input, config) function          -> ApplyEditResult
//   client.applyEdit new MorphClient(...).fastApply.applyEdit(input, ...)  -> ApplyEditResult
//   client.execute   new MorphClient(...).fastApply.execute(input, ...)    -> EditFileResult (edits a file)
//   chat             the SDK's own `openai` client, chat.completions.create -> {content, finishReasons,
//                    chunks} or {error: {status, code, message}}
// apiKey in a call is passed explicitly; without it the SDK reads MORPH_API_KEY from the environment.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const sdkDir = process.argv[2];
if (!sdkDir) throw new Error("usage: node client.mjs <sdk-dir> < request.json");
const requireFromSdk = createRequire(join(sdkDir, "package.json"));
const morph = requireFromSdk("@morphllm/morphsdk");
// The openai package the SDK itself calls the API with.
const OpenAI = createRequire(requireFromSdk.resolve("@morphllm/morphsdk"))("openai");

const request = JSON.parse(readFileSync(0, "utf-8"));
const url = request.url;
const noRetries = { maxRetries: 0 };

function sdkConfig(call) {
  const config = { morphApiUrl: url, retryConfig: noRetries, timeout: 60000 };
  if (call.apiKey !== undefined) config.morphApiKey = call.apiKey;
  if (call.large !== undefined) config.large = call.large;
  if (call.anchorCompactionThreshold !== undefined) config.anchorCompactionThreshold = call.anchorCompactionThreshold;
  return config;
}

function morphClient(call) {
  return new morph.MorphClient({ apiKey: call.apiKey, timeout: 60000, retryConfig: noRetries });
}

async function chat(call) {
  const client = new OpenAI({ apiKey: call.apiKey ?? "unused", baseURL: `${url}/v1`, maxRetries: 0, timeout: 60000 });
  const body = { model: call.model ?? "morph-v3-fast", messages: [{ role: "user", content: call.message }] };
  try {
    if (!call.stream) {
      const completion = await client.chat.completions.create(body);
      const choice = completion.choices[0];
      return { content: choice.message.content, finishReasons: [choice.finish_reason] };
    }
    const chunks = [];
    const finishReasons = [];
    const stream = await client.chat.completions.create({ ...body, stream: true });
    try {
      for await (const chunk of stream) {
        for (const choice of chunk.choices ?? []) {
          if (choice.delta?.content) chunks.push(choice.delta.content);
          if (choice.finish_reason) finishReasons.push(choice.finish_reason);
        }
      }
    } catch (error) {
      return { chunks, error: describe(error) };
    }
    return { content: chunks.join(""), chunks, finishReasons };
  } catch (error) {
    return { error: describe(error) };
  }
}

function describe(error) {
  return { status: error.status ?? null, code: error.code ?? error.error?.code ?? null, message: error.message,
           name: error.constructor?.name };
}

async function run(call) {
  const input = { originalCode: call.originalCode, codeEdit: call.codeEdit, instruction: call.instruction ?? "" };
  switch (call.op) {
    case "applyEdit":
      return morph.applyEdit(input, sdkConfig(call));
    case "client.applyEdit":
      return morphClient(call).fastApply.applyEdit(input, { morphApiUrl: url, large: call.large });
    case "client.execute":
      return morphClient(call).fastApply.execute(
        { target_filepath: call.targetFilepath, instruction: call.instruction ?? "", code_edit: call.codeEdit },
        { morphApiUrl: url, baseDir: call.baseDir, large: call.large });
    case "chat":
      return chat(call);
    default:
      throw new Error(`unknown op ${call.op}`);
  }
}

const results = [];
for (const call of request.calls) results.push(await run(call));
process.stdout.write(JSON.stringify(results));
