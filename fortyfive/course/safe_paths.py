"""Where the project writes on a user's disk, and what it refuses to write over: every file the
package writes (a progress file, a saved game record, a teacher's reports, a submission, an
assignment's notebooks, the course launcher's own files) goes through :func:`replace_file`.

The rules, one place for all of them:

* the file written is only ever a regular file: a path that exists as anything else (a folder,
  a character or block device such as ``/dev/null``, a FIFO, a socket, a dangling symbolic link,
  a link to any of those) is refused with :class:`PathRefused` and left exactly as it is;
* a symbolic link is followed only to a regular file inside the folder the user named (by
  default the file's own folder), and then that file is updated, the link kept; a link that
  leads anywhere else is refused;
* the content is written to a temporary file beside the target, then renamed over it in one
  step: a reader sees the old file or the new one, never a part.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> replace_file(folder / "notes.txt", b"hello")
>>> (folder / "notes.txt").read_bytes()
b'hello'
>>> replace_file(folder, b"x")
Traceback (most recent call last):
...
fortyfive.course.safe_paths.PathRefused: ...: it is a folder, not a file; it was left as it is
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from fortyfive.engine.errors import InputError


class PathRefused(InputError):
    """A path the project will not write (or read as its own file): the message names the path
    and what it is; the path is left as it was."""

    def __init__(self, path: str | Path, why: str) -> None:
        super().__init__("path", str(path), "", f"{path}: {why}; it was left as it is")
        self.path = Path(path)


def kind(mode: int) -> str:
    """What a file of ``mode`` (``os.stat``'s ``st_mode``) is, in words.

    >>> kind(stat.S_IFCHR)
    'a character device'
    """
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISREG(mode):
        return "a file"
    return "not a regular file"


def inside(path: Path, folder: Path) -> bool:
    """Whether ``path`` (resolved) lies in ``folder`` (resolved) or is it."""
    return path.resolve().is_relative_to(folder.resolve())


def write_target(path: str | Path, root: str | Path | None = None) -> Path:
    """The regular file to write for ``path``: ``path`` itself (resolved) when nothing is there
    yet or it is a regular file, or the regular file a symbolic link at ``path`` leads to when
    that lies inside ``root`` (the folder the user named; default ``path``'s folder). Anything
    else raises :class:`PathRefused`, and nothing is touched.

    A folder on the way that is a link leading out of ``root`` is refused too: the file must end
    up inside the folder that was named.
    """
    path = Path(path)
    base = Path(root) if root is not None else path.parent
    try:
        info: os.stat_result | None = os.lstat(path)
    except FileNotFoundError:
        info = None
    except OSError as e:  # a file where a folder of the path should be, no permission
        raise PathRefused(path, f"it cannot be written ({e.strerror})") from None
    if info is not None and stat.S_ISLNK(info.st_mode):
        try:
            followed = os.stat(path)
        except FileNotFoundError:
            raise PathRefused(path, "it is a symbolic link to nothing (dangling)") from None
        except OSError as e:  # a loop of links
            why = f"it is a symbolic link that cannot be followed ({e.strerror})"
            raise PathRefused(path, why) from None
        if not stat.S_ISREG(followed.st_mode):
            raise PathRefused(
                path, f"it is a symbolic link to {kind(followed.st_mode)}, not a file"
            )
        target = path.resolve()
        if not inside(target, base):
            raise PathRefused(
                path,
                f"it is a symbolic link to {target}, outside {base} (a link is followed only to"
                " a file inside the folder named)",
            )
        return target
    if info is not None and not stat.S_ISREG(info.st_mode):
        raise PathRefused(path, f"it is {kind(info.st_mode)}, not a file")
    folder = path.parent.resolve()
    # The default root is that folder itself: no second resolve (each is a file-system call per
    # folder on the way, a round trip to the page in JupyterLite).
    if base != path.parent and not inside(folder, base):
        raise PathRefused(path, f"its folder leads to {folder}, outside {base}")
    return folder / path.name


def existing_file(path: str | Path, root: str | Path | None = None) -> Path | None:
    """The regular file to read for ``path`` (:func:`write_target`'s rules), or ``None`` when
    nothing is there yet: something that is not a file is refused, never read as "no file"."""
    target = write_target(path, root)
    return target if os.path.lexists(target) else None


def replace_file(
    path: str | Path,
    content: bytes,
    root: str | Path | None = None,
    *,
    make_folders: bool = True,
    private: bool = False,
) -> None:
    """Write ``content`` to the file :func:`write_target` allows for ``path`` (its folders made
    if need be, unless not ``make_folders``: then a missing folder raises ``OSError``), through
    a temporary file in the same folder renamed over it in one step. The file gets the
    permissions a plain ``open()`` gives (the umask's), not the temporary file's owner-only
    ones: a teacher's reports and a student's submission are read by others. A ``private``
    file (a teacher's key) keeps the owner-only ones it had from its first byte."""
    target = write_target(path, root)
    if make_folders:
        target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.stem}-", suffix=target.suffix)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(content)
        if not private:
            umask = os.umask(0o022)  # read it: os.umask only sets, returning the old mask
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)
        write_target(target, target.parent)  # the same check again, just before the rename
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_text(
    path: str | Path, text: str, root: str | Path | None = None, *, make_folders: bool = True
) -> None:
    """:func:`replace_file` for text (UTF-8)."""
    replace_file(path, text.encode("utf-8"), root, make_folders=make_folders)
