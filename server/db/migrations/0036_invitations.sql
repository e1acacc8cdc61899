CREATE TABLE "convite_envio" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"convite_id" integer NOT NULL,
	"enviado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "convite" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"email" text NOT NULL,
	"nome" text,
	"roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"estado" text DEFAULT 'pendente' NOT NULL,
	"token_hash" text NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"importacao_id" integer,
	"criado_por" integer,
	"criado_por_nome" text NOT NULL,
	"enviado_em" timestamp with time zone,
	"envios" integer DEFAULT 0 NOT NULL,
	"respondido_em" timestamp with time zone,
	"aceito_por" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "convite_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "convite_envio" ADD CONSTRAINT "convite_envio_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "convite_envio" ADD CONSTRAINT "convite_envio_convite_id_convite_id_fk" FOREIGN KEY ("convite_id") REFERENCES "public"."convite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "convite" ADD CONSTRAINT "convite_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "convite" ADD CONSTRAINT "convite_criado_por_usuario_id_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "convite" ADD CONSTRAINT "convite_aceito_por_usuario_id_fk" FOREIGN KEY ("aceito_por") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "convite_envio_igreja_idx" ON "convite_envio" USING btree ("igreja_id","enviado_em");--> statement-breakpoint
CREATE UNIQUE INDEX "convite_pendente_uq" ON "convite" USING btree ("igreja_id","email") WHERE "convite"."estado" = 'pendente';--> statement-breakpoint
CREATE INDEX "convite_igreja_idx" ON "convite" USING btree ("igreja_id","created_at");--> statement-breakpoint
CREATE INDEX "convite_a_enviar_idx" ON "convite" USING btree ("igreja_id","id") WHERE "convite"."estado" = 'pendente' and "convite"."enviado_em" is null;