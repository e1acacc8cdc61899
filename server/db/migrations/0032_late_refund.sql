ALTER TABLE "pagamento_gateway" ADD COLUMN "devolucao_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pagamento_gateway" ADD COLUMN "devolvido_em" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "pagamento_gateway_devolucao_idx" ON "pagamento_gateway" USING btree ("devolucao_em");