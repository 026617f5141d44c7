CREATE TABLE "invoice_sequences" (
	"livemode" boolean PRIMARY KEY NOT NULL,
	"last_number" bigint NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number" ON "invoices" USING btree ("livemode","number") WHERE "invoices"."number" is not null;