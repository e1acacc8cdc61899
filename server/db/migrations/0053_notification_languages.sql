CREATE TABLE "notificacao_idioma" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"idioma" text NOT NULL,
	"data_ultima_alteracao" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_envio" ADD COLUMN "textos" jsonb;--> statement-breakpoint
ALTER TABLE "push_envio" ADD COLUMN "textos" jsonb;--> statement-breakpoint
ALTER TABLE "notificacao_idioma" ADD CONSTRAINT "notificacao_idioma_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacao_idioma" ADD CONSTRAINT "notificacao_idioma_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notificacao_idioma_uq" ON "notificacao_idioma" USING btree ("igreja_id","usuario_id");