"""Nova: a German-speaking companion server."""
