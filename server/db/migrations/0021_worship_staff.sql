CREATE TABLE "louvor_repertorio" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"titulo" text NOT NULL,
	"data" date NOT NULL,
	"observacao" text,
	"itens" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oracao_moderacao" (
	"oracao_id" integer PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"oculto" boolean NOT NULL,
	"motivo" text NOT NULL,
	"usuario_id" integer,
	"usuario_nome" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plano_leitura_dia" ADD COLUMN "nota" text;--> statement-breakpoint
ALTER TABLE "louvor_repertorio" ADD CONSTRAINT "louvor_repertorio_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oracao_moderacao" ADD CONSTRAINT "oracao_moderacao_oracao_id_oracao_id_fk" FOREIGN KEY ("oracao_id") REFERENCES "public"."oracao"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oracao_moderacao" ADD CONSTRAINT "oracao_moderacao_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oracao_moderacao" ADD CONSTRAINT "oracao_moderacao_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "louvor_repertorio_igreja_data_idx" ON "louvor_repertorio" USING btree ("igreja_id","data");