"""The opening scene of the demo: a greeting, answered honestly offline."""

DEMO_SCENES = [("Begrüßung", ["Hallo Nova!"])]
