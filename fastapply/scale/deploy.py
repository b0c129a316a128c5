"""Building and running the Ray Serve application: ``fastapply serve --replicas N`` and config files.

Two deployments make one application: ``engine`` (the replicas, routed by ``FileAffinityRouter``)
and ``front`` (the HTTP ingress at ``/``). ``build`` is the application builder a Ray Serve config
file names (``import_path: fastapply.scale.deploy:build``), so ``serve deploy config.yaml`` runs the
same application on a Ray cluster.
"""

from __future__ import annotations

import dataclasses
import logging
import signal
import threading
from collections.abc import Callable

import ray  # an ImportError here means the [scale] extra is not installed
from ray import serve
from ray.serve.config import RequestRouterConfig

from fastapply.api.settings import Settings
from fastapply.apply.applier import Applier
from fastapply.models.spec import ModelSpec

from .config import ScaleConfig
from .front import Front
from .replica import EngineReplica
from .router import FileAffinityRouter

log = logging.getLogger(__name__)


def build_application(settings: Settings, scale: ScaleConfig, load: Callable[[Settings], Applier] | None = None):
    """The bound application. ``load`` builds each replica's applier (default: ``settings.model``)."""
    # Replicas may run on other machines: resolve what this process's environment names now.
    settings = dataclasses.replace(settings, model=ModelSpec(settings.model).name)
    gpus = ray.cluster_resources().get("GPU", 0) if ray.is_initialized() else 0
    engine_options = scale.engine_options(settings.max_batch, settings.max_queue, gpus)
    engine_options["request_router_config"] = RequestRouterConfig(
        request_router_class=FileAffinityRouter,
        request_router_kwargs={"room": settings.max_batch, "imbalance": scale.affinity_imbalance},
    )
    engine = serve.deployment(EngineReplica).options(**engine_options).bind(settings, scale.threads, load)
    front = serve.deployment(serve.ingress()(Front)).options(**scale.front_options())
    return front.bind(engine, settings, scale.retries)


def build(args: dict):
    """Ray Serve application builder: ``args`` holds ``Settings`` and ``ScaleConfig`` fields by name."""
    settings_names = {f.name for f in dataclasses.fields(Settings)}
    scale_names = {f.name for f in dataclasses.fields(ScaleConfig)} - {"address", "app_name"}
    unknown = sorted(set(args) - settings_names - scale_names)
    if unknown:
        raise ValueError(
            f"unknown fastapply args {', '.join(unknown)}; known: {', '.join(sorted(settings_names | scale_names))}"
        )
    settings = Settings(**{"prewarm_large_lane": True, **{k: v for k, v in args.items() if k in settings_names}})
    scale = ScaleConfig(**{k: v for k, v in args.items() if k in scale_names})
    return build_application(settings, scale)


def start(settings: Settings, scale: ScaleConfig, load=None, log_level: str = "info") -> str:
    """Joins (or starts) a Ray cluster, starts Serve's HTTP proxy on settings.host:port and runs the
    application; returns once every replica is ready. The URL it serves."""
    if not ray.is_initialized():
        ray.init(
            address=scale.address,
            include_dashboard=False if scale.address is None else None,
            logging_level=log_level.upper(),
            log_to_driver=log_level.lower() == "debug",
        )
    serve.start(http_options={"host": settings.host, "port": settings.port})
    serve.run(build_application(settings, scale, load), name=scale.app_name, route_prefix="/")
    return f"http://{settings.host}:{settings.port}"


def serve_until_stopped(settings: Settings, scale: ScaleConfig, log_level: str = "info") -> int:
    """``fastapply serve --replicas N``: run until SIGINT/SIGTERM, then take the application down."""
    stop = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stop.set())
    url = start(settings, scale, log_level=log_level)
    size = (
        f"{scale.min_replicas or 1}..{scale.max_replicas or 'GPUs'} replicas (autoscaling)"
        if scale.autoscaling
        else f"{scale.replicas} replica(s)"
    )
    print(f"fastapply: serving {settings.model_id} on {url} with {size}; Ctrl-C stops", flush=True)
    stop.wait()
    print("fastapply: stopping", flush=True)
    if scale.address is None:
        serve.shutdown()
    else:
        serve.delete(scale.app_name)  # a shared cluster keeps running; only this application goes
    ray.shutdown()
    return 0
