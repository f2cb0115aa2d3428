// The GTP client against GNU Go (Debian's gnugo, the real peer) and against misbehaving engines.
#include <gtest/gtest.h>

#include <chrono>

#include "jpd/gtp_client.hpp"

using namespace jpd;

TEST(GtpClient, TalksToGnuGo) {
  GtpClient g("gnugo --mode gtp --level 1", 30);
  EXPECT_EQ(g.send("protocol_version"), "2");
  EXPECT_EQ(g.send("name"), "GNU Go");
  EXPECT_TRUE(g.knows("final_status_list"));
  EXPECT_FALSE(g.knows("jpd-nonsense"));
  g.send("boardsize 9");
  g.send("clear_board");
  g.send("play B E5");
  std::string reply = g.send("genmove W");
  EXPECT_FALSE(reply.empty());
  EXPECT_EQ(g.send("final_status_list dead"), "");
}

TEST(GtpClient, FailureAnswerBecomesAnErrorNamingTheCommand) {
  GtpClient g("gnugo --mode gtp --level 1", 30);
  try {
    g.send("play B Z99");
    FAIL();
  } catch (const GtpError& e) {
    std::string m = e.what();
    EXPECT_NE(m.find("play B Z99"), std::string::npos);
    EXPECT_NE(m.find("failed"), std::string::npos);
  }
  EXPECT_EQ(g.send("protocol_version"), "2");  // still in step after an error
}

TEST(GtpClient, MissingProgramIsAClearError) {
  try {
    GtpClient g("/nonexistent/engine --gtp", 5);
    FAIL();
  } catch (const GtpError& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/engine"), std::string::npos);
  }
}

TEST(GtpClient, SilentEngineTimesOutInsteadOfHanging) {
  auto start = std::chrono::steady_clock::now();
  EXPECT_THROW(GtpClient("sleep 30", 0.5), GtpError);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
}

TEST(GtpClient, CrashingEngineIsReported) {
  // Answers the protocol_version probe, then dies on the next command.
  GtpClient g("sh -c 'read l; printf \"= 2\\n\\n\"; read l; kill -9 $$'", 5);
  try {
    g.send("boardsize 9");
    FAIL();
  } catch (const GtpError& e) {
    EXPECT_NE(std::string(e.what()).find("crashed"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(g.running());
}

TEST(GtpClient, GarbledAnswerIsReported) {
  EXPECT_THROW(GtpClient("sh -c 'while read l; do printf \"hello\\n\\n\"; done'", 5), GtpError);
}
