"""The reading side of the files (dateien.md §3.1, §6.4, §8.1): the blocks in the turn and the reading
service `dateien`. Nothing here writes a file (§7 rule 2)."""
