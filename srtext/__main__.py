"""``python -m srtext``: the command line."""

import sys

from srtext.cli import main

sys.exit(main())
