-- One statement rebuilds a church's kept giving totals (docs/giving.md "Kept totals"): rebuilding every church's is that one, church by church, instead of a second copy of it to keep equal.
CREATE OR REPLACE FUNCTION doacao_total_refazer() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM doacao_total;
  PERFORM doacao_total_refazer_igreja(id) FROM igreja ORDER BY id;
END $$;
