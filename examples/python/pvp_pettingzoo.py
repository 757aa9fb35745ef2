"""A PvP match from PettingZoo: both sky_duel fighters driven from Python, then one against the built-in policy."""
from arena_gateway.pettingzoo import ArenaParallelEnv

for seats in (["python", "python"], ["python", "scripted"]):
    env = ArenaParallelEnv("sky_duel", seats=seats, frame=(160, 90), steps=10)
    observations, infos = env.reset(seed=1)
    score = dict.fromkeys(env.agents, 0.0)
    while env.agents:
        actions = {agent: env.action_space(agent).sample() for agent in env.agents}
        observations, rewards, terminated, truncated, infos = env.step(actions)
        for agent, reward in rewards.items():
            score[agent] += reward
    print(seats, "progress gained:", {a: round(s, 3) for a, s in score.items()})
    print("record:", env.run_dir)
    env.close()
