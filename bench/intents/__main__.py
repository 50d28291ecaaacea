"""`python -m bench.intents`: the German intent benchmark (run.py)."""

from bench.intents.run import main

main()
