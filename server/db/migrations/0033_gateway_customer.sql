CREATE TABLE "cliente_gateway" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"id_gateway_pagamento" integer NOT NULL,
	"modo" text NOT NULL,
	"cliente" text,
	"reserva" text,
	"reservado_ate" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cliente_gateway" ADD CONSTRAINT "cliente_gateway_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cliente_gateway" ADD CONSTRAINT "cliente_gateway_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cliente_gateway_uq" ON "cliente_gateway" USING btree ("igreja_id","usuario_id","id_gateway_pagamento","modo");