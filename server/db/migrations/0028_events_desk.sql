CREATE TABLE "evento_porta" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"evento_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "evento_porta" ADD CONSTRAINT "evento_porta_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evento_porta" ADD CONSTRAINT "evento_porta_evento_id_evento_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."evento"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evento_porta" ADD CONSTRAINT "evento_porta_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "evento_porta_evento_usuario_uq" ON "evento_porta" USING btree ("evento_id","usuario_id");--> statement-breakpoint
CREATE INDEX "evento_porta_igreja_usuario_idx" ON "evento_porta" USING btree ("igreja_id","usuario_id");--> statement-breakpoint
ALTER TABLE "inscricao" ALTER COLUMN "usuario_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "evento" ADD COLUMN "descricao_formato" text DEFAULT 'texto' NOT NULL;--> statement-breakpoint
ALTER TABLE "evento" ADD COLUMN "flag_visitante" boolean DEFAULT false NOT NULL;