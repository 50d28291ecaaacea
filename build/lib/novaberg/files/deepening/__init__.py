"""The third access (dateien.md §3.0b): she reads on because she wants to — mid-turn, when a hit's summary
meets the question's topic and its excerpt does not answer it.

* `decide` — the weighing (a model task, `files_deepen`, with its offline reading), read checked; the
  decision carries the candidate files (only the hits' own) and what to search for.
* `budget` — the self-trigger budget booked per reason (one deepening per turn; the repair keeps its own).
* `second_pass` — the targeted grep through the reading service's door (boundary and root checks, capped
  file accesses, a disappeared file named with its path).
* `stock` — the block `[NACHGELESEN]`: material to draw from, not a text to recite.

The admission asks the readiness (`novaberg.situation.readiness`); the node is `graph.deepen`. Nothing
here writes — no table, no file.
"""
