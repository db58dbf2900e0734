"""The package's version, written once: ``fortyfive.__version__``, the wheel's metadata
(``[tool.hatch.version]``), ``fortyfive --version`` and what a submission records. It imports
nothing, so that every layer may read it."""

__version__ = "0.2.0"
