CREATE TABLE "gateway_cartao_token" (
	"token" text PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"id_gateway_pagamento" integer NOT NULL,
	"bandeira" text NOT NULL,
	"final" text NOT NULL,
	"titular" text NOT NULL,
	"validade" text NOT NULL,
	"comportamento" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evento_conteudo" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"evento_id" integer NOT NULL,
	"titulo" text NOT NULL,
	"tipo" text NOT NULL,
	"url" text,
	"texto" text,
	"ordem" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evento" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"titulo" text NOT NULL,
	"descricao" text,
	"imagem" text,
	"largura" integer DEFAULT 1200 NOT NULL,
	"altura" integer DEFAULT 600 NOT NULL,
	"local" text,
	"endereco" text,
	"data_inicio" timestamp with time zone NOT NULL,
	"data_fim" timestamp with time zone NOT NULL,
	"fuso_horario" text DEFAULT 'America/Sao_Paulo' NOT NULL,
	"moeda" text DEFAULT 'BRL' NOT NULL,
	"flag_juros" boolean DEFAULT false NOT NULL,
	"flag_assumir_taxas_servico" boolean DEFAULT false NOT NULL,
	"qtde_max_parcelas" integer DEFAULT 1 NOT NULL,
	"dias_pagamento_dinheiro" integer DEFAULT 3 NOT NULL,
	"flag_inscricao_aberta" boolean DEFAULT true NOT NULL,
	"flag_ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pagamento_idempotencia" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"chave" text NOT NULL,
	"hash_requisicao" text NOT NULL,
	"status_http" integer NOT NULL,
	"resposta" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pagamento" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"codigo" text NOT NULL,
	"tipo" text DEFAULT 'evento' NOT NULL,
	"evento_id" integer,
	"metodo" text NOT NULL,
	"id_gateway_pagamento" integer,
	"status" text NOT NULL,
	"valor_centavos" integer NOT NULL,
	"taxas_centavos" integer DEFAULT 0 NOT NULL,
	"juros_centavos" integer DEFAULT 0 NOT NULL,
	"valor_total_centavos" integer NOT NULL,
	"moeda" text NOT NULL,
	"parcelas" integer DEFAULT 1 NOT NULL,
	"valor_parcela_centavos" integer NOT NULL,
	"referencia_gateway" text,
	"cartao_bandeira" text,
	"cartao_final" text,
	"pix_copia_cola" text,
	"boleto_linha_digitavel" text,
	"url_pagamento" text,
	"expira_em" timestamp with time zone,
	"mensagem" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pago_em" timestamp with time zone,
	CONSTRAINT "pagamento_codigo_unique" UNIQUE("codigo")
);
--> statement-breakpoint
CREATE TABLE "inscricao" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"evento_id" integer NOT NULL,
	"ingresso_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"pagamento_id" integer,
	"status" text NOT NULL,
	"nome_titular" text NOT NULL,
	"email_titular" text,
	"respostas" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"codigo" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inscricao_codigo_unique" UNIQUE("codigo")
);
--> statement-breakpoint
CREATE TABLE "usuario_cartao_gateway_pagamento" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"id_gateway_pagamento" integer NOT NULL,
	"token" text NOT NULL,
	"bandeira" text NOT NULL,
	"final" text NOT NULL,
	"titular" text NOT NULL,
	"validade" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evento_ingresso" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"evento_id" integer NOT NULL,
	"nome" text NOT NULL,
	"descricao" text,
	"valor_centavos" integer DEFAULT 0 NOT NULL,
	"estoque" integer NOT NULL,
	"vendidos" integer DEFAULT 0 NOT NULL,
	"disponivel_de" timestamp with time zone,
	"disponivel_ate" timestamp with time zone,
	"limite_por_usuario" integer,
	"perguntas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ordem" integer DEFAULT 0 NOT NULL,
	"flag_ativo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "evento_ingresso_estoque_ck" CHECK ("evento_ingresso"."vendidos" >= 0 and "evento_ingresso"."vendidos" <= "evento_ingresso"."estoque")
);
--> statement-breakpoint
ALTER TABLE "gateway_cartao_token" ADD CONSTRAINT "gateway_cartao_token_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evento_conteudo" ADD CONSTRAINT "evento_conteudo_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evento_conteudo" ADD CONSTRAINT "evento_conteudo_evento_id_evento_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."evento"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evento" ADD CONSTRAINT "evento_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagamento_idempotencia" ADD CONSTRAINT "pagamento_idempotencia_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagamento_idempotencia" ADD CONSTRAINT "pagamento_idempotencia_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagamento" ADD CONSTRAINT "pagamento_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagamento" ADD CONSTRAINT "pagamento_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagamento" ADD CONSTRAINT "pagamento_evento_id_evento_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."evento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inscricao" ADD CONSTRAINT "inscricao_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inscricao" ADD CONSTRAINT "inscricao_evento_id_evento_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."evento"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inscricao" ADD CONSTRAINT "inscricao_ingresso_id_evento_ingresso_id_fk" FOREIGN KEY ("ingresso_id") REFERENCES "public"."evento_ingresso"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inscricao" ADD CONSTRAINT "inscricao_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inscricao" ADD CONSTRAINT "inscricao_pagamento_id_pagamento_id_fk" FOREIGN KEY ("pagamento_id") REFERENCES "public"."pagamento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_cartao_gateway_pagamento" ADD CONSTRAINT "usuario_cartao_gateway_pagamento_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_cartao_gateway_pagamento" ADD CONSTRAINT "usuario_cartao_gateway_pagamento_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evento_ingresso" ADD CONSTRAINT "evento_ingresso_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evento_ingresso" ADD CONSTRAINT "evento_ingresso_evento_id_evento_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."evento"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gateway_cartao_token_igreja_idx" ON "gateway_cartao_token" USING btree ("igreja_id");--> statement-breakpoint
CREATE INDEX "evento_conteudo_evento_idx" ON "evento_conteudo" USING btree ("evento_id");--> statement-breakpoint
CREATE INDEX "evento_igreja_idx" ON "evento" USING btree ("igreja_id","data_inicio");--> statement-breakpoint
CREATE UNIQUE INDEX "pagamento_idempotencia_uq" ON "pagamento_idempotencia" USING btree ("usuario_id","chave");--> statement-breakpoint
CREATE INDEX "pagamento_usuario_idx" ON "pagamento" USING btree ("usuario_id","igreja_id");--> statement-breakpoint
CREATE INDEX "pagamento_status_expira_idx" ON "pagamento" USING btree ("status","expira_em");--> statement-breakpoint
CREATE INDEX "inscricao_usuario_idx" ON "inscricao" USING btree ("usuario_id","evento_id");--> statement-breakpoint
CREATE INDEX "inscricao_ingresso_idx" ON "inscricao" USING btree ("ingresso_id");--> statement-breakpoint
CREATE INDEX "inscricao_pagamento_idx" ON "inscricao" USING btree ("pagamento_id");--> statement-breakpoint
CREATE INDEX "usuario_cartao_usuario_idx" ON "usuario_cartao_gateway_pagamento" USING btree ("usuario_id","igreja_id");--> statement-breakpoint
CREATE UNIQUE INDEX "usuario_cartao_token_uq" ON "usuario_cartao_gateway_pagamento" USING btree ("usuario_id","token");--> statement-breakpoint
CREATE INDEX "evento_ingresso_evento_idx" ON "evento_ingresso" USING btree ("evento_id");