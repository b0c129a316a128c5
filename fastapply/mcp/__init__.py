"""``fastapply mcp``: the ``edit_file`` tool for coding agents, over the Model Context Protocol.

``allowed`` (which paths the tool may write: the directories on the command line or the client's
roots, symlinks resolved), ``edit`` (one edit: read, apply, refuse a flagged result, write
atomically, report), ``backends`` (the apply itself: in process, as ``fastapply apply`` does, or
through a running ``fastapply serve``), ``server`` (the MCP server on the official ``mcp`` SDK,
stdio or streamable HTTP) and ``cli``. ``agent_loop`` drives any ``edit_file`` server, ours or
Morph's, through a scripted sequence of edits and times each call.

Importing this package imports neither torch nor the ``mcp`` SDK (an optional extra).
"""
