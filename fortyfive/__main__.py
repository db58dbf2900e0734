"""``python -m fortyfive``: see :mod:`fortyfive.cli`."""

import sys

from fortyfive.cli import main

if __name__ == "__main__":
    sys.exit(main())
