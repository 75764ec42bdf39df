-- Where a buyer came from (the posting wizard), to send them back after paying.
ALTER TABLE "credit_purchases" ADD COLUMN "return_to" text;
