CREATE TABLE "doacao_configuracao" (
	"igreja_id" integer PRIMARY KEY NOT NULL,
	"valor_minimo_centavos" integer DEFAULT 500 NOT NULL,
	"flag_ativo" boolean DEFAULT true NOT NULL,
	"flag_visitante" boolean DEFAULT false NOT NULL,
	"flag_recorrencia" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pagamento_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"pagamento_id" integer NOT NULL,
	"motivo_id" integer NOT NULL,
	"motivo_nome" text NOT NULL,
	"valor_centavos" integer NOT NULL,
	CONSTRAINT "pagamento_item_valor_ck" CHECK ("pagamento_item"."valor_centavos" > 0)
);
--> statement-breakpoint
CREATE TABLE "pagamento_motivo" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"nome" text NOT NULL,
	"descricao" text,
	"flag_doacao" boolean DEFAULT true NOT NULL,
	"flag_recorrencia" boolean DEFAULT false NOT NULL,
	"ordem" integer DEFAULT 0 NOT NULL,
	"flag_ativo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doacao_recorrente" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"motivo_id" integer NOT NULL,
	"valor_centavos" integer NOT NULL,
	"flag_usuario_taxa" boolean DEFAULT false NOT NULL,
	"recorrencia_dias" integer DEFAULT 30 NOT NULL,
	"cartao_id" integer,
	"status" text DEFAULT 'ativa' NOT NULL,
	"proxima_ocorrencia" text NOT NULL,
	"proxima_cobranca" timestamp with time zone NOT NULL,
	"tentativas_falhas" integer DEFAULT 0 NOT NULL,
	"ultimo_pagamento_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "doacao_recorrente_valor_ck" CHECK ("doacao_recorrente"."valor_centavos" > 0 and "doacao_recorrente"."recorrencia_dias" between 1 and 366)
);
--> statement-breakpoint
CREATE TABLE "captcha_usado" (
	"id" text PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"expira_em" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pagamento_idempotencia" ALTER COLUMN "usuario_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pagamento" ALTER COLUMN "usuario_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pagamento" ADD COLUMN "doador_nome" text;--> statement-breakpoint
ALTER TABLE "pagamento" ADD COLUMN "doador_email" text;--> statement-breakpoint
ALTER TABLE "pagamento" ADD COLUMN "doador_cpf" text;--> statement-breakpoint
ALTER TABLE "pagamento" ADD COLUMN "doacao_recorrente_id" integer;--> statement-breakpoint
ALTER TABLE "pagamento" ADD COLUMN "ocorrencia" text;--> statement-breakpoint
ALTER TABLE "pagamento" ADD COLUMN "tentativa" integer;--> statement-breakpoint
ALTER TABLE "doacao_configuracao" ADD CONSTRAINT "doacao_configuracao_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagamento_item" ADD CONSTRAINT "pagamento_item_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagamento_item" ADD CONSTRAINT "pagamento_item_pagamento_id_pagamento_id_fk" FOREIGN KEY ("pagamento_id") REFERENCES "public"."pagamento"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagamento_item" ADD CONSTRAINT "pagamento_item_motivo_id_pagamento_motivo_id_fk" FOREIGN KEY ("motivo_id") REFERENCES "public"."pagamento_motivo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagamento_motivo" ADD CONSTRAINT "pagamento_motivo_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doacao_recorrente" ADD CONSTRAINT "doacao_recorrente_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doacao_recorrente" ADD CONSTRAINT "doacao_recorrente_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doacao_recorrente" ADD CONSTRAINT "doacao_recorrente_motivo_id_pagamento_motivo_id_fk" FOREIGN KEY ("motivo_id") REFERENCES "public"."pagamento_motivo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doacao_recorrente" ADD CONSTRAINT "doacao_recorrente_cartao_id_usuario_cartao_gateway_pagamento_id_fk" FOREIGN KEY ("cartao_id") REFERENCES "public"."usuario_cartao_gateway_pagamento"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doacao_recorrente" ADD CONSTRAINT "doacao_recorrente_ultimo_pagamento_id_pagamento_id_fk" FOREIGN KEY ("ultimo_pagamento_id") REFERENCES "public"."pagamento"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "captcha_usado" ADD CONSTRAINT "captcha_usado_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pagamento_item_pagamento_idx" ON "pagamento_item" USING btree ("pagamento_id");--> statement-breakpoint
CREATE INDEX "pagamento_motivo_igreja_idx" ON "pagamento_motivo" USING btree ("igreja_id","ordem");--> statement-breakpoint
CREATE INDEX "doacao_recorrente_usuario_idx" ON "doacao_recorrente" USING btree ("usuario_id","igreja_id");--> statement-breakpoint
CREATE INDEX "doacao_recorrente_vencimento_idx" ON "doacao_recorrente" USING btree ("status","proxima_cobranca");--> statement-breakpoint
CREATE UNIQUE INDEX "captcha_usado_igreja_idx" ON "captcha_usado" USING btree ("igreja_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "pagamento_idempotencia_visitante_uq" ON "pagamento_idempotencia" USING btree ("igreja_id","chave") WHERE "pagamento_idempotencia"."usuario_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "pagamento_recorrente_ocorrencia_uq" ON "pagamento" USING btree ("doacao_recorrente_id","ocorrencia","tentativa") WHERE "pagamento"."doacao_recorrente_id" is not null;