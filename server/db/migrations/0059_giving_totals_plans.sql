-- The totals' helpers in PL/pgSQL, whose plans a connection keeps: PostgreSQL 15 plans a SQL function's statements again at every call (docs/performance.md "Staff pages").
CREATE OR REPLACE FUNCTION doacao_total_aplicar(linhas doacao_total_linha[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
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
        valor_centavos = t.valor_centavos + excluded.valor_centavos;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION doacao_total_itens(antigos pagamento_item[], novos pagamento_item[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM doacao_total_aplicar(ARRAY(
    WITH mexidos AS (
      SELECT a.pagamento_id FROM unnest(antigos) a UNION SELECT n.pagamento_id FROM unnest(novos) n
    ), linhas AS (
      SELECT -1 AS sinal, a.pagamento_id, a.motivo_id, a.valor_centavos FROM unnest(antigos) a
      UNION ALL
      SELECT -1, i.pagamento_id, i.motivo_id, i.valor_centavos FROM pagamento_item i
       WHERE i.pagamento_id IN (SELECT m.pagamento_id FROM mexidos m) AND i.id NOT IN (SELECT n.id FROM unnest(novos) n)
      UNION ALL
      SELECT 1, i.pagamento_id, i.motivo_id, i.valor_centavos FROM pagamento_item i
       WHERE i.pagamento_id IN (SELECT m.pagamento_id FROM mexidos m)
    )
    SELECT ROW(l.sinal, p.id, p.igreja_id, p.created_at, p.metodo, p.status, l.motivo_id, l.valor_centavos)::doacao_total_linha
      FROM linhas l JOIN pagamento p ON p.id = l.pagamento_id AND p.tipo = 'doacao'));
END $$;
