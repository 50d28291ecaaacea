"""Questions answered from whatever Nova holds: the shared files, her own knowledge zone, the notes, what the
person told her — the sentence that answers, with its source, or honestly nothing."""
