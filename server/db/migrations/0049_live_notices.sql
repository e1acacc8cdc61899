CREATE TABLE "notificacao_ao_vivo" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"transmissao_id" integer NOT NULL,
	"ocorrencia" timestamp with time zone NOT NULL,
	"notificacao_id" integer,
	"data_cadastro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notificacao_ao_vivo" ADD CONSTRAINT "notificacao_ao_vivo_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notificacao_ao_vivo_uq" ON "notificacao_ao_vivo" USING btree ("igreja_id","transmissao_id","ocorrencia");