-- The church's chosen zone lives on the church (docs/giving.md "Which clock"): null keeps its country's, else its language's.
ALTER TABLE "igreja" ADD COLUMN "fuso_horario" text;--> statement-breakpoint
-- The zone the provider chose moves here; 'UTC' was the placeholder a suspension wrote for churches without a provider row (not a choice), the country's own zone needs no choice, and a zone this database does not know would stop its gifts' totals.
UPDATE "igreja" c SET "fuso_horario" = p."fuso_horario"
  FROM "provedor_igreja" p
 WHERE p."igreja_id" = c."id" AND p."fuso_horario" <> 'UTC'
   AND p."fuso_horario" <> igreja_fuso(c."pais", c."idioma")
   AND EXISTS (SELECT 1 FROM pg_timezone_names z WHERE z.name = p."fuso_horario");--> statement-breakpoint
ALTER TABLE "provedor_igreja" DROP COLUMN "fuso_horario";--> statement-breakpoint
DROP TRIGGER doacao_total_igreja_mudou ON "igreja";--> statement-breakpoint
DROP FUNCTION igreja_fuso(text, text);--> statement-breakpoint
-- The church's clock as server/church/church-clock.ts zoneOfChurch keeps it: the chosen zone, else its country's, else its language's, else São Paulo's; server/giving/giving-staff.test.ts checks the two agree.
CREATE FUNCTION igreja_fuso(fuso text, pais text, idioma text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(nullif(fuso, ''), CASE upper(coalesce(pais, ''))
    WHEN 'BR' THEN 'America/Sao_Paulo'
    WHEN 'US' THEN 'America/New_York'
    WHEN 'CA' THEN 'America/Toronto'
    WHEN 'MX' THEN 'America/Mexico_City'
    WHEN 'AR' THEN 'America/Argentina/Buenos_Aires'
    WHEN 'CL' THEN 'America/Santiago'
    WHEN 'CO' THEN 'America/Bogota'
    WHEN 'PE' THEN 'America/Lima'
    WHEN 'UY' THEN 'America/Montevideo'
    WHEN 'PY' THEN 'America/Asuncion'
    WHEN 'BO' THEN 'America/La_Paz'
    WHEN 'EC' THEN 'America/Guayaquil'
    WHEN 'VE' THEN 'America/Caracas'
    WHEN 'PT' THEN 'Europe/Lisbon'
    WHEN 'ES' THEN 'Europe/Madrid'
    WHEN 'GB' THEN 'Europe/London'
    WHEN 'AO' THEN 'Africa/Luanda'
    WHEN 'MZ' THEN 'Africa/Maputo'
    ELSE CASE left(coalesce(idioma, 'pt'), 2)
      WHEN 'pt' THEN 'America/Sao_Paulo'
      WHEN 'en' THEN 'America/New_York'
      WHEN 'es' THEN 'America/Mexico_City'
      ELSE 'America/Sao_Paulo'
    END
  END)
$$;
--> statement-breakpoint
-- As 0060's, with the church's chosen zone first.
CREATE OR REPLACE FUNCTION doacao_total_aplicar(linhas doacao_total_linha[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO doacao_total AS t (igreja_id, mes, motivo_id, metodo, status, quantidade, doacoes, valor_centavos)
  SELECT igreja, mes, motivo, metodo, status, sum(sinal), sum(sinal * primeira), sum(sinal * valor)
  FROM (
    SELECT l.sinal, l.igreja, date_trunc('month', l.data AT TIME ZONE igreja_fuso(c.fuso_horario, c.pais, c.idioma))::date AS mes,
           l.motivo, l.metodo, l.status, sum(l.valor) AS valor,
           CASE WHEN l.motivo = min(l.motivo) OVER (PARTITION BY l.sinal, l.pagamento) THEN 1 ELSE 0 END AS primeira
    FROM unnest(linhas) l JOIN igreja c ON c.id = l.igreja
    GROUP BY l.sinal, l.pagamento, l.igreja, c.fuso_horario, c.pais, c.idioma, l.data, l.metodo, l.status, l.motivo
  ) g
  GROUP BY igreja, mes, motivo, metodo, status
  HAVING sum(sinal) <> 0 OR sum(sinal * primeira) <> 0 OR sum(sinal * valor) <> 0
  ORDER BY igreja, mes, motivo, metodo, status
  ON CONFLICT (igreja_id, mes, motivo_id, metodo, status) DO UPDATE
    SET quantidade = t.quantidade + excluded.quantidade,
        doacoes = t.doacoes + excluded.doacoes,
        valor_centavos = t.valor_centavos + excluded.valor_centavos;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION doacao_total_refazer_igreja(alvo integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM doacao_total WHERE igreja_id = alvo;
  INSERT INTO doacao_total (igreja_id, mes, motivo_id, metodo, status, quantidade, doacoes, valor_centavos)
  SELECT igreja_id, mes, motivo_id, metodo, status, count(*), sum(primeira), sum(valor)
  FROM (
    SELECT p.igreja_id, date_trunc('month', p.created_at AT TIME ZONE igreja_fuso(c.fuso_horario, c.pais, c.idioma))::date AS mes,
           i.motivo_id, p.metodo, p.status, sum(i.valor_centavos) AS valor,
           CASE WHEN i.motivo_id = min(i.motivo_id) OVER (PARTITION BY p.id) THEN 1 ELSE 0 END AS primeira
      FROM pagamento p JOIN igreja c ON c.id = p.igreja_id JOIN pagamento_item i ON i.pagamento_id = p.id
     WHERE p.tipo = 'doacao' AND p.igreja_id = alvo
     GROUP BY p.id, c.fuso_horario, c.pais, c.idioma, i.motivo_id
  ) g
  GROUP BY igreja_id, mes, motivo_id, metodo, status;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION doacao_total_refazer() RETURNS void LANGUAGE sql AS $$
  DELETE FROM doacao_total;
  INSERT INTO doacao_total (igreja_id, mes, motivo_id, metodo, status, quantidade, doacoes, valor_centavos)
  SELECT igreja_id, mes, motivo_id, metodo, status, count(*), sum(primeira), sum(valor)
  FROM (
    SELECT p.igreja_id, date_trunc('month', p.created_at AT TIME ZONE igreja_fuso(c.fuso_horario, c.pais, c.idioma))::date AS mes,
           i.motivo_id, p.metodo, p.status, sum(i.valor_centavos) AS valor,
           CASE WHEN i.motivo_id = min(i.motivo_id) OVER (PARTITION BY p.id) THEN 1 ELSE 0 END AS primeira
      FROM pagamento p JOIN igreja c ON c.id = p.igreja_id JOIN pagamento_item i ON i.pagamento_id = p.id
     WHERE p.tipo = 'doacao'
     GROUP BY p.id, c.fuso_horario, c.pais, c.idioma, i.motivo_id
  ) g
  GROUP BY igreja_id, mes, motivo_id, metodo, status
$$;
--> statement-breakpoint
-- A church whose clock changes (a chosen zone, a new country or language) has its months rebuilt.
CREATE TRIGGER doacao_total_igreja_mudou AFTER UPDATE OF fuso_horario, pais, idioma ON "igreja" FOR EACH ROW
  WHEN (igreja_fuso(OLD.fuso_horario, OLD.pais, OLD.idioma) IS DISTINCT FROM igreja_fuso(NEW.fuso_horario, NEW.pais, NEW.idioma))
  EXECUTE FUNCTION doacao_total_igreja_mudou();
--> statement-breakpoint
SELECT doacao_total_refazer();
