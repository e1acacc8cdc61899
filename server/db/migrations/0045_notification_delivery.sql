CREATE TABLE "notificacao_preferencia" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"canal" text NOT NULL,
	"ativo" boolean NOT NULL,
	"data_ultima_alteracao" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_envio" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"notificacao_id" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"alcancados" integer DEFAULT 0 NOT NULL,
	"falhas" integer DEFAULT 0 NOT NULL,
	"removidos" integer DEFAULT 0 NOT NULL,
	"data_cadastro" timestamp with time zone DEFAULT now() NOT NULL,
	"data_conclusao" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "push_inscricao" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"rotulo" text NOT NULL,
	"data_cadastro" timestamp with time zone DEFAULT now() NOT NULL,
	"data_ultimo_envio" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notificacao_preferencia" ADD CONSTRAINT "notificacao_preferencia_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacao_preferencia" ADD CONSTRAINT "notificacao_preferencia_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_envio" ADD CONSTRAINT "push_envio_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_inscricao" ADD CONSTRAINT "push_inscricao_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_inscricao" ADD CONSTRAINT "push_inscricao_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notificacao_preferencia_uq" ON "notificacao_preferencia" USING btree ("igreja_id","usuario_id","tipo","canal");--> statement-breakpoint
CREATE UNIQUE INDEX "push_envio_notificacao_uq" ON "push_envio" USING btree ("igreja_id","notificacao_id");--> statement-breakpoint
CREATE UNIQUE INDEX "push_inscricao_endpoint_uq" ON "push_inscricao" USING btree ("igreja_id","endpoint");--> statement-breakpoint
CREATE INDEX "push_inscricao_usuario_idx" ON "push_inscricao" USING btree ("igreja_id","usuario_id");