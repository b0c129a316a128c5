"""``python -m fastapply.evals`` = ``fastapply eval``."""

import sys

from .cli import main

sys.exit(main())
