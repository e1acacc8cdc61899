CREATE TABLE "chat_silencio" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"autor_id" text NOT NULL,
	"endereco_hash" text,
	"ate" timestamp with time zone NOT NULL,
	"moderador_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "chat_silencio" ADD CONSTRAINT "chat_silencio_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_silencio" ADD CONSTRAINT "chat_silencio_moderador_id_usuario_id_fk" FOREIGN KEY ("moderador_id") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_silencio_autor_idx" ON "chat_silencio" USING btree ("igreja_id","autor_id");--> statement-breakpoint
CREATE INDEX "chat_silencio_endereco_idx" ON "chat_silencio" USING btree ("igreja_id","endereco_hash");