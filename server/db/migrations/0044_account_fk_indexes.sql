CREATE INDEX "celula_membro_conta_idx" ON "celula_membro" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "igreja_usuario_usuario_idx" ON "igreja_usuario" USING btree ("usuario_id");