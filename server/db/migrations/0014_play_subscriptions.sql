CREATE TABLE "usuario_plano_assinatura_pagamento" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"usuario_plano_assinatura_id" integer NOT NULL,
	"pagamento_id" integer NOT NULL,
	"periodo" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "usuario_plano_assinatura" ADD COLUMN "cartao_id" integer;--> statement-breakpoint
ALTER TABLE "usuario_plano_assinatura" ADD COLUMN "renovar_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "usuario_plano_assinatura_pagamento" ADD CONSTRAINT "usuario_plano_assinatura_pagamento_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_plano_assinatura_pagamento" ADD CONSTRAINT "usuario_plano_assinatura_pagamento_usuario_plano_assinatura_id_usuario_plano_assinatura_id_fk" FOREIGN KEY ("usuario_plano_assinatura_id") REFERENCES "public"."usuario_plano_assinatura"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_plano_assinatura_pagamento" ADD CONSTRAINT "usuario_plano_assinatura_pagamento_pagamento_id_pagamento_id_fk" FOREIGN KEY ("pagamento_id") REFERENCES "public"."pagamento"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "usuario_plano_assinatura_pagamento_periodo_uq" ON "usuario_plano_assinatura_pagamento" USING btree ("usuario_plano_assinatura_id","periodo");--> statement-breakpoint
CREATE UNIQUE INDEX "usuario_plano_assinatura_pagamento_pagamento_uq" ON "usuario_plano_assinatura_pagamento" USING btree ("pagamento_id");--> statement-breakpoint
ALTER TABLE "usuario_plano_assinatura" ADD CONSTRAINT "usuario_plano_assinatura_cartao_id_usuario_cartao_gateway_pagamento_id_fk" FOREIGN KEY ("cartao_id") REFERENCES "public"."usuario_cartao_gateway_pagamento"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usuario_plano_assinatura_renovar_idx" ON "usuario_plano_assinatura" USING btree ("situacao","renovar_em");