CREATE TABLE "pedido_exclusao_conclusao" (
	"pedido_id" integer PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"por_usuario_id" integer,
	"por_nome" text NOT NULL,
	"concluido_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "celula_presenca" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"reuniao_id" integer NOT NULL,
	"usuario_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "extrato_enviado" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"ano" integer NOT NULL,
	"doador" text NOT NULL,
	"email" text NOT NULL,
	"lote_id" integer,
	"enviado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "extrato_lote" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"ano" integer NOT NULL,
	"status" text DEFAULT 'enviando' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"enviados" integer DEFAULT 0 NOT NULL,
	"criado_por" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"concluido_em" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "celula" ADD COLUMN "flag_aberta" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "pedido_exclusao_conclusao" ADD CONSTRAINT "pedido_exclusao_conclusao_pedido_id_pedido_exclusao_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedido_exclusao"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_exclusao_conclusao" ADD CONSTRAINT "pedido_exclusao_conclusao_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_exclusao_conclusao" ADD CONSTRAINT "pedido_exclusao_conclusao_por_usuario_id_usuario_id_fk" FOREIGN KEY ("por_usuario_id") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "celula_presenca" ADD CONSTRAINT "celula_presenca_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "celula_presenca" ADD CONSTRAINT "celula_presenca_reuniao_id_celula_reuniao_id_fk" FOREIGN KEY ("reuniao_id") REFERENCES "public"."celula_reuniao"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "celula_presenca" ADD CONSTRAINT "celula_presenca_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extrato_enviado" ADD CONSTRAINT "extrato_enviado_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extrato_enviado" ADD CONSTRAINT "extrato_enviado_lote_id_extrato_lote_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."extrato_lote"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extrato_lote" ADD CONSTRAINT "extrato_lote_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extrato_lote" ADD CONSTRAINT "extrato_lote_criado_por_usuario_id_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "celula_presenca_uq" ON "celula_presenca" USING btree ("reuniao_id","usuario_id");--> statement-breakpoint
CREATE INDEX "celula_presenca_usuario_idx" ON "celula_presenca" USING btree ("igreja_id","usuario_id");--> statement-breakpoint
CREATE UNIQUE INDEX "extrato_enviado_uq" ON "extrato_enviado" USING btree ("igreja_id","ano","doador");--> statement-breakpoint
CREATE INDEX "extrato_lote_igreja_idx" ON "extrato_lote" USING btree ("igreja_id","ano");