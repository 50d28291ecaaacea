"""What the knowledge service says to people (German)."""

ASK_CONTENT = "Was genau soll ich mir in meinem Wissen merken? Sag es mir nach einem Doppelpunkt."
WRITTEN = "Steht jetzt in meinem Wissen: {pfad} (Version {version})."
ALREADY = "Das steht so schon in meinem Wissen unter {pfad}; ich habe nichts doppelt eingetragen."
CHANGED = ("In meinem Wissen unter {pfad} habe ich den bisherigen Stand ersetzt (Version {version}): {wechsel}. "
           "Die alte Fassung bleibt in der Geschichte des Textes erhalten.")
CHANGE = "statt „{alt}“ steht dort jetzt „{neu}“"
REFUSED = "Das kann ich so nicht in mein Wissen schreiben: {grund}. Es wurde nichts geändert."
NOT_CONFIRMED = "Ob {pfad} jetzt so in meinem Wissen steht, konnte ich nicht bestätigen. Sieh bitte nach, bevor du dich darauf verlässt."
BAD_PAIR = "Für dieses Gespräch kann ich kein eigenes Wissen anlegen: {grund}. Es wurde nichts geändert."
