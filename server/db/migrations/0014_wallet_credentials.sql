CREATE TABLE "wallet_credentials" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"holder_key_thumbprint" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wallet_nonces" (
	"id" serial PRIMARY KEY NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "wallet_nonces_nonce_unique" UNIQUE("nonce")
);
--> statement-breakpoint
CREATE TABLE "wallet_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"pin_hash" text NOT NULL,
	"pin_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"access_token_hash" text,
	"access_token_expires_at" timestamp with time zone,
	"credential_issued_at" timestamp with time zone,
	CONSTRAINT "wallet_offers_code_hash_unique" UNIQUE("code_hash"),
	CONSTRAINT "wallet_offers_access_token_hash_unique" UNIQUE("access_token_hash")
);
--> statement-breakpoint
ALTER TABLE "wallet_credentials" ADD CONSTRAINT "wallet_credentials_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "wallet_credentials" ADD CONSTRAINT "wallet_credentials_offer_id_wallet_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."wallet_offers"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "wallet_offers" ADD CONSTRAINT "wallet_offers_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "wallet_credentials_application_idx" ON "wallet_credentials" USING btree ("application_id");
--> statement-breakpoint
CREATE INDEX "wallet_nonces_expires_idx" ON "wallet_nonces" USING btree ("expires_at");
--> statement-breakpoint
CREATE INDEX "wallet_offers_application_idx" ON "wallet_offers" USING btree ("application_id");
