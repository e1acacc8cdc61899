CREATE TABLE "tarefa_agendada" (
	"nome" text PRIMARY KEY NOT NULL,
	"proxima_execucao" timestamp with time zone DEFAULT now() NOT NULL,
	"bloqueado_ate" timestamp with time zone,
	"bloqueado_por" text,
	"ultima_execucao" timestamp with time zone,
	"ultimo_erro" text
);
