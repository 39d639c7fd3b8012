module.exports = { iconPaths: {} };
