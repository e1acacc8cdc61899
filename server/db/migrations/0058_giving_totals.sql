CREATE TABLE "doacao_total" (
	"igreja_id" integer NOT NULL,
	"mes" date NOT NULL,
	"motivo_id" integer NOT NULL,
	"metodo" text NOT NULL,
	"status" text NOT NULL,
	"quantidade" integer NOT NULL,
	"doacoes" integer NOT NULL,
	"valor_centavos" bigint NOT NULL,
	CONSTRAINT "doacao_total_pk" PRIMARY KEY("igreja_id","mes","motivo_id","metodo","status")
);
--> statement-breakpoint
ALTER TABLE "doacao_total" ADD CONSTRAINT "doacao_total_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The totals are kept by the database (docs/performance.md "Staff pages"): every change of a gift or its lines, whoever writes it.
CREATE TYPE "doacao_total_linha" AS (sinal integer, pagamento integer, igreja integer, data timestamptz, metodo text, status text, motivo integer, valor bigint);
--> statement-breakpoint
-- Adds (sinal 1) or takes away (-1) each gift's lines: per reason once in quantidade, once per gift in doacoes (on its lowest reason); keys in one order, so two writers never wait on each other in a circle.
CREATE FUNCTION doacao_total_aplicar(linhas doacao_total_linha[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO doacao_total AS t (igreja_id, mes, motivo_id, metodo, status, quantidade, doacoes, valor_centavos)
  SELECT igreja, mes, motivo, metodo, status, sum(sinal), sum(sinal * primeira), sum(sinal * valor)
  FROM (
    SELECT sinal, igreja, date_trunc('month', data AT TIME ZONE 'UTC')::date AS mes, motivo, metodo, status,
           sum(valor) AS valor,
           CASE WHEN motivo = min(motivo) OVER (PARTITION BY sinal, pagamento) THEN 1 ELSE 0 END AS primeira
    FROM unnest(linhas)
    GROUP BY sinal, pagamento, igreja, data, metodo, status, motivo
  ) g
  WHERE EXISTS (SELECT 1 FROM igreja c WHERE c.id = g.igreja)
  GROUP BY igreja, mes, motivo, metodo, status
  HAVING sum(sinal) <> 0 OR sum(sinal * primeira) <> 0 OR sum(sinal * valor) <> 0
  ORDER BY igreja, mes, motivo, metodo, status
  ON CONFLICT (igreja_id, mes, motivo_id, metodo, status) DO UPDATE
    SET quantidade = t.quantidade + excluded.quantidade,
        doacoes = t.doacoes + excluded.doacoes,
        valor_centavos = t.valor_centavos + excluded.valor_centavos
$$;
--> statement-breakpoint
-- Lines added, changed (a reason merge) or removed: each touched gift is taken away as it was and added as it is.
CREATE FUNCTION doacao_total_itens(antigos pagamento_item[], novos pagamento_item[]) RETURNS void LANGUAGE sql AS $$
  WITH mexidos AS (
    SELECT pagamento_id FROM unnest(antigos) UNION SELECT pagamento_id FROM unnest(novos)
  ), linhas AS (
    SELECT -1 AS sinal, a.pagamento_id, a.motivo_id, a.valor_centavos FROM unnest(antigos) a
    UNION ALL
    SELECT -1, i.pagamento_id, i.motivo_id, i.valor_centavos FROM pagamento_item i
     WHERE i.pagamento_id IN (SELECT pagamento_id FROM mexidos) AND i.id NOT IN (SELECT n.id FROM unnest(novos) n)
    UNION ALL
    SELECT 1, i.pagamento_id, i.motivo_id, i.valor_centavos FROM pagamento_item i
     WHERE i.pagamento_id IN (SELECT pagamento_id FROM mexidos)
  )
  SELECT doacao_total_aplicar(ARRAY(
    SELECT ROW(l.sinal, p.id, p.igreja_id, p.created_at, p.metodo, p.status, l.motivo_id, l.valor_centavos)::doacao_total_linha
      FROM linhas l JOIN pagamento p ON p.id = l.pagamento_id AND p.tipo = 'doacao'))
$$;
--> statement-breakpoint
CREATE FUNCTION doacao_total_itens_mudaram() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM doacao_total_itens('{}', ARRAY(SELECT n::pagamento_item FROM novo n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM doacao_total_itens(ARRAY(SELECT o::pagamento_item FROM antigo o), '{}');
  ELSE
    PERFORM doacao_total_itens(ARRAY(SELECT o::pagamento_item FROM antigo o), ARRAY(SELECT n::pagamento_item FROM novo n));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A gift's status (a payment, a refund, an expiry), method, date or church changed: taken away as it was, added as it is.
CREATE FUNCTION doacao_total_pagamento_mudou() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM antigo o JOIN novo n ON n.id = o.id
     WHERE (o.tipo = 'doacao' OR n.tipo = 'doacao')
       AND (o.tipo, o.igreja_id, o.created_at, o.metodo, o.status) IS DISTINCT FROM (n.tipo, n.igreja_id, n.created_at, n.metodo, n.status)
  ) THEN
    RETURN NULL;
  END IF;
  PERFORM doacao_total_aplicar(ARRAY(
    SELECT ROW(l.sinal, l.id, l.igreja_id, l.created_at, l.metodo, l.status, i.motivo_id, i.valor_centavos)::doacao_total_linha
      FROM (
        SELECT -1 AS sinal, o.id, o.igreja_id, o.created_at, o.metodo, o.status, o.tipo FROM antigo o
        UNION ALL
        SELECT 1, n.id, n.igreja_id, n.created_at, n.metodo, n.status, n.tipo FROM novo n
      ) l
      JOIN pagamento_item i ON i.pagamento_id = l.id
     WHERE l.tipo = 'doacao' AND l.id IN (
       SELECT o.id FROM antigo o JOIN novo n ON n.id = o.id
        WHERE (o.tipo, o.igreja_id, o.created_at, o.metodo, o.status) IS DISTINCT FROM (n.tipo, n.igreja_id, n.created_at, n.metodo, n.status))));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A gift deleted (an import's undo, a church removed): taken away while its lines are still there.
CREATE FUNCTION doacao_total_pagamento_sai() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM doacao_total_aplicar(ARRAY(
    SELECT ROW(-1, OLD.id, OLD.igreja_id, OLD.created_at, OLD.metodo, OLD.status, i.motivo_id, i.valor_centavos)::doacao_total_linha
      FROM pagamento_item i WHERE i.pagamento_id = OLD.id));
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER doacao_total_itens_entram AFTER INSERT ON pagamento_item REFERENCING NEW TABLE AS novo FOR EACH STATEMENT EXECUTE FUNCTION doacao_total_itens_mudaram();
--> statement-breakpoint
CREATE TRIGGER doacao_total_itens_mudam AFTER UPDATE ON pagamento_item REFERENCING OLD TABLE AS antigo NEW TABLE AS novo FOR EACH STATEMENT EXECUTE FUNCTION doacao_total_itens_mudaram();
--> statement-breakpoint
CREATE TRIGGER doacao_total_itens_saem AFTER DELETE ON pagamento_item REFERENCING OLD TABLE AS antigo FOR EACH STATEMENT EXECUTE FUNCTION doacao_total_itens_mudaram();
--> statement-breakpoint
CREATE TRIGGER doacao_total_pagamento_mudou AFTER UPDATE ON pagamento REFERENCING OLD TABLE AS antigo NEW TABLE AS novo FOR EACH STATEMENT EXECUTE FUNCTION doacao_total_pagamento_mudou();
--> statement-breakpoint
CREATE TRIGGER doacao_total_pagamento_sai BEFORE DELETE ON pagamento FOR EACH ROW WHEN (OLD.tipo = 'doacao') EXECUTE FUNCTION doacao_total_pagamento_sai();
--> statement-breakpoint
-- Rebuilds every church's totals from the gifts: this migration's start, and a restore that loaded rows with the triggers on.
CREATE FUNCTION doacao_total_refazer() RETURNS void LANGUAGE sql AS $$
  DELETE FROM doacao_total;
  INSERT INTO doacao_total (igreja_id, mes, motivo_id, metodo, status, quantidade, doacoes, valor_centavos)
  SELECT igreja_id, mes, motivo_id, metodo, status, count(*), sum(primeira), sum(valor)
  FROM (
    SELECT p.igreja_id, date_trunc('month', p.created_at AT TIME ZONE 'UTC')::date AS mes, i.motivo_id, p.metodo, p.status,
           sum(i.valor_centavos) AS valor,
           CASE WHEN i.motivo_id = min(i.motivo_id) OVER (PARTITION BY p.id) THEN 1 ELSE 0 END AS primeira
      FROM pagamento p JOIN pagamento_item i ON i.pagamento_id = p.id
     WHERE p.tipo = 'doacao'
     GROUP BY p.id, i.motivo_id
  ) g
  GROUP BY igreja_id, mes, motivo_id, metodo, status
$$;
--> statement-breakpoint
SELECT doacao_total_refazer();
