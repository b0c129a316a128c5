"""Where the ``edit_file`` tool may write: inside the allowed directories, symlinks resolved.

The directories come from the command line or, when none are given there, from the client's MCP
roots (``file://`` URIs). A path is resolved to the real file it names (every symlink on the way,
the last one included) before it is checked, so a link inside an allowed directory that points
outside it is refused, and the write replaces the real file, leaving the link as it is.
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import unquote, urlparse


class EditError(Exception):
    """A tool call that cannot be carried out; its message is the agent's answer, and nothing was
    written."""


def allowed_dirs(dirs: list[str]) -> list[Path]:
    """The command line's directories, resolved; ValueError for one that is not a directory.

    >>> allowed_dirs(["/"])
    [PosixPath('/')]
    """
    resolved = []
    for d in dirs:
        real = Path(os.path.realpath(os.path.expanduser(d)))
        if not real.is_dir():
            raise ValueError(f"{d}: not a directory")
        resolved.append(real)
    return resolved


def dirs_from_roots(uris: list[str]) -> list[Path]:
    """The existing local directories among the client's roots (other URIs are ignored).

    >>> dirs_from_roots(["file:///", "https://example.com/", "file:///no/such/dir"])
    [PosixPath('/')]
    """
    found = []
    for uri in uris:
        parsed = urlparse(uri)
        if parsed.scheme != "file" or parsed.netloc not in ("", "localhost"):
            continue
        real = Path(os.path.realpath(unquote(parsed.path)))
        if real.is_dir():
            found.append(real)
    return found


def resolve_target(path: str, allowed: list[Path]) -> Path:
    """The real file `path` names, when it lies inside an allowed directory; else EditError.

    A relative path is taken from the first allowed directory. Whether the file exists is not
    checked here: a path outside the directories is refused before anything about it is read.

    >>> resolve_target("src/../main.py", [Path("/no-such-project")])
    PosixPath('/no-such-project/main.py')
    >>> resolve_target("../other/main.py", [Path("/no-such-project")])
    Traceback (most recent call last):
    ...
    fastapply.mcp.allowed.EditError: ../other/main.py is outside the allowed directories (/no-such-project)
    """
    if not allowed:
        raise EditError(
            "no allowed directories: start the server with the directories it may edit "
            "(fastapply mcp DIR ...), or use a client that sends its MCP roots"
        )
    if not path.strip():
        raise EditError("path is empty")
    if "\x00" in path:
        raise EditError("path contains a NUL byte")
    given = Path(os.path.expanduser(path))
    real = Path(os.path.realpath(given if given.is_absolute() else allowed[0] / given))
    for root in allowed:
        if real == root or root in real.parents:
            return real
    raise EditError(f"{path} is outside the allowed directories ({', '.join(map(str, allowed))})")


def shown(target: Path, allowed: list[Path]) -> str:
    """The path as the diff header and the answer show it: relative to its allowed directory.

    >>> shown(Path("/srv/app/src/main.py"), [Path("/srv/app")])
    'src/main.py'
    """
    for root in allowed:
        if root in target.parents:
            return str(target.relative_to(root))
    return str(target)
