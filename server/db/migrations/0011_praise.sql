CREATE TABLE "louvor" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"codigo" text,
	"titulo" text NOT NULL,
	"subtitulo" text,
	"autor" text,
	"grupo" text,
	"tema" text,
	"ritmo" text,
	"tom" text,
	"cifra_chordpro" text,
	"partituras" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "louvor" ADD CONSTRAINT "louvor_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "louvor_igreja_titulo_idx" ON "louvor" USING btree ("igreja_id","titulo");