CREATE TABLE "igreja_chave_pix" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"chave" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "igreja_chave_pix" ADD CONSTRAINT "igreja_chave_pix_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "igreja_chave_pix_uq" ON "igreja_chave_pix" USING btree ("igreja_id");