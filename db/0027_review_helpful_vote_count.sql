-- Hand-written: reviews.helpful_votes is kept by the database from review_votes, so every way a
-- vote comes or goes (a vote, a deleted account's votes cascading away) keeps the count true.
CREATE TRIGGER review_votes_count_insert AFTER INSERT ON review_votes
BEGIN
  UPDATE reviews SET helpful_votes = helpful_votes + 1 WHERE id = NEW.review_id;
END;
--> statement-breakpoint
CREATE TRIGGER review_votes_count_delete AFTER DELETE ON review_votes
BEGIN
  UPDATE reviews SET helpful_votes = max(helpful_votes - 1, 0) WHERE id = OLD.review_id;
END;
