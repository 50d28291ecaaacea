"""The German texts of the deepening (dateien.md §3.0b), in one place. The block's framing for a model is a
prompt file (`verfasser.nachgelesen.txt`), so a model or connector can override it."""

from __future__ import annotations

HEADER = "[NACHGELESEN]"
ENTRY = "- {fundstelle}: {zeile}"
ENTRY_OWN = "- {fundstelle} (eigener Fund): {zeile}"
PROBLEM = "- nicht gelesen: {problem}"
# the offline composer's answer: the honest gesture (§3.0b „Die Geste wird ehrlich"), then the best find
ANSWER = "Ich habe dazu Aufzeichnungen und habe nachgesehen: In {fundstelle} steht: „{zeile}“"
ANSWER_OWN = "Dazu habe ich selbst etwas abgelegt und nachgelesen: In {fundstelle} steht: „{zeile}“"
ANSWER_PROBLEMS = "Ich wollte dazu in deinen Unterlagen nachlesen, konnte es aber nicht: {probleme}"
