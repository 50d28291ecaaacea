-- "Was weißt du über mich?" (memory/block.py, `recent`): the pair's newest active nodes by their short-term
-- time read from an index instead of sorting every node of the pair (bench/memory: ~16 ms at 10,000 nodes).
CREATE INDEX IF NOT EXISTS idx_lzg_knoten_paar_neueste
    ON lzg_knoten (user_id, character_id, kzg_erstellt_am DESC, id DESC) WHERE aktiv;
