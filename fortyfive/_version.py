"""The package's version, written once: ``fortyfive.__version__``, the wheel's metadata
(``[tool.hatch.version]``), ``fortyfive --version`` and what a submission records; and
:func:`install_hint`, the command that adds an extra to this installation. It imports nothing of
the package, so that every layer may read it."""

from __future__ import annotations

__version__ = "0.2.0"


def install_hint(extra: str) -> str:
    """The command that adds the optional dependencies ``extra`` (``"lab"``, ``"teacher"``) to
    this fortyfive, true for the way it was installed.

    fortyfive is on no package index, so ``pip install 'fortyfive[lab]'`` would not work. From a
    checkout (an editable install, or the sources on the path) the answer is the checkout's
    ``pip install -e '.[lab]'``; from a wheel it is that wheel again, with the extra (pip's
    ``direct_url.json`` names the file it was installed from, when it was a local file).

    >>> "[lab]" in install_hint("lab")
    True
    """
    import json
    import shlex
    from importlib import metadata
    from pathlib import Path
    from urllib.parse import unquote, urlparse

    root = Path(__file__).resolve().parents[1]
    if (root / "pyproject.toml").is_file():
        return f"pip install -e '.[{extra}]' in the checkout {root}"
    wheel = f"fortyfive-{__version__}-py3-none-any.whl"
    try:
        direct = json.loads(metadata.distribution("fortyfive").read_text("direct_url.json") or "")
    except (metadata.PackageNotFoundError, ValueError):
        direct = {}
    url = direct.get("url", "") if isinstance(direct, dict) else ""
    if isinstance(url, str) and url.startswith("file:") and url.endswith(".whl"):
        wheel = unquote(urlparse(url).path)
    where = "the wheel this fortyfive was installed from"
    return f"pip install {shlex.quote(f'{wheel}[{extra}]')} ({where}, again with [{extra}])"
