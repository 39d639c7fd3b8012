module.exports = { spriteUrl: '/icons.svg' };
