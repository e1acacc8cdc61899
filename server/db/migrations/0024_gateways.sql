CREATE TABLE "igreja_gateway" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"id_gateway_pagamento" integer NOT NULL,
	"modo" text DEFAULT 'sandbox' NOT NULL,
	"credenciais_cifradas" text,
	"dicas" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pagamento_gateway" (
	"pagamento_id" integer PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"id_gateway_pagamento" integer NOT NULL,
	"idempotencia_id" integer,
	"respondido" boolean DEFAULT false NOT NULL,
	"requisicao" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"verificacoes" integer DEFAULT 0 NOT NULL,
	"proxima_verificacao" timestamp with time zone NOT NULL,
	"ultimo_erro" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_evento" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"id_gateway_pagamento" integer NOT NULL,
	"evento_id" text NOT NULL,
	"tipo" text NOT NULL,
	"pagamento_id" integer,
	"recebido_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "igreja_gateway" ADD CONSTRAINT "igreja_gateway_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagamento_gateway" ADD CONSTRAINT "pagamento_gateway_pagamento_id_pagamento_id_fk" FOREIGN KEY ("pagamento_id") REFERENCES "public"."pagamento"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagamento_gateway" ADD CONSTRAINT "pagamento_gateway_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_evento" ADD CONSTRAINT "gateway_evento_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_evento" ADD CONSTRAINT "gateway_evento_pagamento_id_pagamento_id_fk" FOREIGN KEY ("pagamento_id") REFERENCES "public"."pagamento"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "igreja_gateway_uq" ON "igreja_gateway" USING btree ("igreja_id","id_gateway_pagamento");--> statement-breakpoint
CREATE INDEX "pagamento_gateway_verificacao_idx" ON "pagamento_gateway" USING btree ("proxima_verificacao");--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_evento_uq" ON "gateway_evento" USING btree ("igreja_id","id_gateway_pagamento","evento_id");--> statement-breakpoint
CREATE INDEX "gateway_evento_pagamento_idx" ON "gateway_evento" USING btree ("pagamento_id") WHERE "gateway_evento"."pagamento_id" is not null;