"""Wheels with their bytecode: each ``.py`` of a wheel gets its compiled ``__pycache__`` file,
made by the Python that will import it (Pyodide's, run under Node by ``pyc_wheels.mjs``).

Pyodide's own packages ship compiled; a wheel from PyPI ships source, which Pyodide then
compiles at every import, in WebAssembly, every time a kernel starts: IPython alone took about
10 s to import that way on the 2-core machine, 3 s compiled. The bytecode is *unchecked-hash*
(PEP 552): it is used without comparing it with the source (the wheel's files never change
once installed), and the source stays beside it for tracebacks and ``??``.

Pyodide's standard library (``python_stdlib.zip``, imported from the zip) ships source too:
Python's own start-up and every stdlib module IPython imports were compiled at each kernel start
(about 2 of the 5 s Pyodide took to a ready kernel under Node). :func:`compile_stdlib` makes it
sourceless bytecode, as CPython's embeddable distribution ships its standard library.

Runs inside Pyodide: ``python pyc_wheels.py SOURCE_DIR DEST_DIR`` compiles every ``*.whl`` of
SOURCE_DIR, and its ``python_stdlib.zip`` if there, into DEST_DIR (same file names; a wheel's
RECORD lists the added files). Only the standard library is used here.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import marshal
import sys
import warnings
import zipfile
from pathlib import Path, PurePosixPath


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


#: Pyodide's standard library archive, as its core ships it and as it is imported.
STDLIB = "python_stdlib.zip"


def unchecked_pyc(source: bytes, name: str) -> bytes | None:
    """The unchecked-hash ``.pyc`` of ``source`` (PEP 552), or None when it does not compile
    (a template or a file for another Python that the package never imports)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            code = compile(source, name, "exec", dont_inherit=True)
    except (SyntaxError, ValueError):
        return None
    flags = 0b01  # hash-based, not checked against the source (PEP 552)
    header = importlib.util.MAGIC_NUMBER + flags.to_bytes(4, "little")
    return header + importlib.util.source_hash(source) + marshal.dumps(code)


def compile_wheel(source: Path, dest: Path) -> int:
    """Write ``dest``: the wheel ``source`` with a ``__pycache__`` file for each module it
    installs. Returns how many were added."""
    tag = sys.implementation.cache_tag
    added: list[str] = []
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as out:
        names = zin.namelist()
        record = next(n for n in names if n.endswith(".dist-info/RECORD"))
        lines = zin.read(record).decode("utf-8").splitlines()
        for info in zin.infolist():
            if info.filename == record:
                continue
            data = zin.read(info)
            out.writestr(info, data)
            path = PurePosixPath(info.filename)
            if path.suffix != ".py" or path.parts[0].endswith((".data", ".dist-info")):
                continue
            pyc = unchecked_pyc(data, info.filename)
            if pyc is None:
                continue
            name = str(path.parent / "__pycache__" / f"{path.stem}.{tag}.pyc")
            out.writestr(name, pyc)
            lines.append(_record_line(name, pyc))
            added.append(name)
        out.writestr(record, "\n".join(line for line in lines if line) + "\n")
    return len(added)


def compile_stdlib(source: Path, dest: Path, mount: str) -> int:
    """Write ``dest``: the standard library archive ``source`` with each module as sourceless
    bytecode (``pydoc.pyc`` for ``pydoc.py``: zipimport takes a ``.pyc`` where the source
    would be, and an unchecked one as it is), its code objects naming the file where the archive is
    imported from (``mount``, e.g. ``/lib/python314.zip``) for tracebacks. A file that does not
    compile is kept as source. Returns how many modules were compiled."""
    count = 0
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as out:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename.endswith(".py"):
                pyc = unchecked_pyc(data, f"{mount}/{info.filename}")
                if pyc is not None:
                    out.writestr(info.filename + "c", pyc)
                    count += 1
                    continue
            out.writestr(info, data)
    return count


def stdlib_mount() -> str:
    """Where the running Python imports its standard library archive from (on ``sys.path``)."""
    return next(p for p in sys.path if p.endswith(".zip"))


def main(argv: list[str]) -> int:
    src, dest = Path(argv[0]), Path(argv[1])
    dest.mkdir(parents=True, exist_ok=True)
    if (src / STDLIB).is_file():
        count = compile_stdlib(src / STDLIB, dest / STDLIB, stdlib_mount())
        print(f"{STDLIB}: {count} modules compiled")
    for wheel in sorted(src.glob("*.whl")):
        count = compile_wheel(wheel, dest / wheel.name)
        print(f"{wheel.name}: {count} modules compiled")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
