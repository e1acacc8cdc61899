ALTER TABLE "kids_checkin" ADD COLUMN "saida_cliente_id" text;--> statement-breakpoint
ALTER TABLE "kids_codigo" ADD COLUMN "cliente_id" text;--> statement-breakpoint
ALTER TABLE "kids_sala" ADD COLUMN "ano_escolar_min" integer;--> statement-breakpoint
ALTER TABLE "kids_sala" ADD COLUMN "ano_escolar_max" integer;--> statement-breakpoint
ALTER TABLE "kids_sala" ADD COLUMN "equipe_posicao_id" integer;--> statement-breakpoint
ALTER TABLE "kids_sala" ADD CONSTRAINT "kids_sala_equipe_posicao_id_equipe_posicao_id_fk" FOREIGN KEY ("equipe_posicao_id") REFERENCES "public"."equipe_posicao"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kids_codigo_cliente_uq" ON "kids_codigo" USING btree ("igreja_id","cliente_id") WHERE "kids_codigo"."cliente_id" is not null;--> statement-breakpoint
ALTER TABLE "kids_sala" ADD CONSTRAINT "kids_sala_ano_ck" CHECK (("kids_sala"."ano_escolar_min" is null and "kids_sala"."ano_escolar_max" is null) or ("kids_sala"."ano_escolar_min" >= 0 and "kids_sala"."ano_escolar_max" >= "kids_sala"."ano_escolar_min"));