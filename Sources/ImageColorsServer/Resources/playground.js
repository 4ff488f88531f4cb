// Stand-in: the serve-contract helper writes the playground.
