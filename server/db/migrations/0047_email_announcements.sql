CREATE TABLE "email_devolvido" (
	"email" text PRIMARY KEY NOT NULL,
	"codigo" integer NOT NULL,
	"motivo" text NOT NULL,
	"data_cadastro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_destinatario" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"envio_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"erro" text,
	"data_ultima_alteracao" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_envio" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"notificacao_id" integer,
	"tipo" text NOT NULL,
	"origem" text,
	"titulo" text NOT NULL,
	"corpo" text NOT NULL,
	"link" text,
	"publico" jsonb NOT NULL,
	"status" text DEFAULT 'enviando' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"enviados" integer DEFAULT 0 NOT NULL,
	"falhas" integer DEFAULT 0 NOT NULL,
	"pulados" integer DEFAULT 0 NOT NULL,
	"devolvidos" integer DEFAULT 0 NOT NULL,
	"criado_por" integer,
	"data_cadastro" timestamp with time zone DEFAULT now() NOT NULL,
	"data_conclusao" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "email_destinatario" ADD CONSTRAINT "email_destinatario_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_destinatario" ADD CONSTRAINT "email_destinatario_envio_id_email_envio_id_fk" FOREIGN KEY ("envio_id") REFERENCES "public"."email_envio"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_destinatario" ADD CONSTRAINT "email_destinatario_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_envio" ADD CONSTRAINT "email_envio_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_envio" ADD CONSTRAINT "email_envio_criado_por_usuario_id_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_destinatario_uq" ON "email_destinatario" USING btree ("envio_id","usuario_id");--> statement-breakpoint
CREATE INDEX "email_destinatario_status_idx" ON "email_destinatario" USING btree ("envio_id","status");--> statement-breakpoint
CREATE INDEX "email_envio_igreja_idx" ON "email_envio" USING btree ("igreja_id","data_cadastro");--> statement-breakpoint
CREATE INDEX "email_envio_status_idx" ON "email_envio" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "email_envio_origem_uq" ON "email_envio" USING btree ("igreja_id","origem") WHERE "email_envio"."origem" is not null;