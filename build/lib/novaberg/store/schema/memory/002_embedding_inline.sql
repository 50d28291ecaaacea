-- Keep a node's vector inside its row (compressed if need be) instead of out-of-line TOAST: a 768-dimension
-- vector is 3 KB, above the TOAST threshold, and every distance computed on a toasted vector costs an extra
-- fetch (measured in bench/memory: 10,000 nodes of one pair, 200 ms per nearest-node query before).
ALTER TABLE lzg_knoten ALTER COLUMN embedding SET STORAGE MAIN;
