import sys

from engine.cli import main

try:
    sys.exit(main())
except BrokenPipeError:  # output piped into `head` and the like
    sys.exit(0)
